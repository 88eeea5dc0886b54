CREATE TABLE "notice_chats" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"full" boolean DEFAULT false NOT NULL,
	"also_private" boolean DEFAULT true NOT NULL,
	"lost" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_desks" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key_id" integer NOT NULL,
	"title" text NOT NULL,
	"max_order_sun" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_chats" ADD CONSTRAINT "notice_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_desks" ADD CONSTRAINT "team_desks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_desks" ADD CONSTRAINT "team_desks_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_chats_chat" ON "notice_chats" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "team_desks_user" ON "team_desks" USING btree ("user_id");