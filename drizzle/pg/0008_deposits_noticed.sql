CREATE TABLE "balance_snapshots" (
	"key_id" bigint PRIMARY KEY NOT NULL,
	"trx_sun" text NOT NULL,
	"usdt_units" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"seen_at" bigint NOT NULL
);
