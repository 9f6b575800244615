CREATE TABLE "microsoft_sign_ins_used" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
