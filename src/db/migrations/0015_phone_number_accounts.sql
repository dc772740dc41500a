-- A number is routed to a workspace only once Twilio has confirmed, with the account SID and
-- auth token given, that the number belongs to that account (docs/telephony.md). The SID is kept
-- sealed like the token (AES-256-GCM under SECRETS_KEY, bound to the number's id and the field)
-- and is needed again to send texts. Numbers registered before this check have none: nothing
-- vouches for them, so a registration that Twilio confirms takes such a number over.
ALTER TABLE phone_numbers ADD COLUMN account_sid_ciphertext text;
