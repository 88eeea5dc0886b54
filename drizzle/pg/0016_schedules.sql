CREATE TABLE "schedule_runs" (
	"schedule_id" integer NOT NULL,
	"due_at" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"intent_id" text,
	"claimed_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "schedule_runs_schedule_id_due_at_pk" PRIMARY KEY("schedule_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key_id" integer NOT NULL,
	"resource" text NOT NULL,
	"target_address" text NOT NULL,
	"volume" text NOT NULL,
	"duration" text NOT NULL,
	"days" text NOT NULL,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	"notify" text DEFAULT 'all' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"checked_until" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_runs_state" ON "schedule_runs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "schedules_user" ON "schedules" USING btree ("user_id");