ALTER TABLE "oidc_signing_keys" ADD COLUMN "alg" text DEFAULT 'ES256' NOT NULL;--> statement-breakpoint
-- OpenID tokens and codes are stored under their SHA-256 (oidc/adapter.ts): the rows already there are
-- hashed in place, without the token in their payload, so the note app's live refresh tokens go on
-- working (docs/decisions/069-openid-conformance.md). A refresh token keeps no nonce.
UPDATE "oidc_models"
SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex'),
    "payload" = "payload" - 'jti' - (CASE WHEN "model" = 'RefreshToken' THEN 'nonce' ELSE '' END)
WHERE "model" IN ('AccessToken', 'AuthorizationCode', 'RefreshToken');
