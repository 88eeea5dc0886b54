CREATE TABLE "order_batch_lines" (
	"batch_id" text NOT NULL,
	"position" integer NOT NULL,
	"intent_id" text NOT NULL,
	"price_trx" text NOT NULL,
	"refusal" text,
	CONSTRAINT "order_batch_lines_batch_id_position_pk" PRIMARY KEY("batch_id","position")
);
--> statement-breakpoint
CREATE TABLE "order_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key_id" integer NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" integer,
	"state" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_batch_lines" ADD CONSTRAINT "order_batch_lines_batch_id_order_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "order_batches"("batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batch_lines" ADD CONSTRAINT "order_batch_lines_intent_id_orders_intent_id_fk" FOREIGN KEY ("intent_id") REFERENCES "orders"("intent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batches" ADD CONSTRAINT "order_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_batch_lines_intent" ON "order_batch_lines" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "order_batches_user" ON "order_batches" USING btree ("user_id","state");