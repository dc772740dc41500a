-- Whether a person chose the name they go by. The first start names its owner after the email's
-- local part ("owner" for owner@...), which nobody chose: the console asks them for a name.
ALTER TABLE users ADD COLUMN name_chosen boolean NOT NULL DEFAULT true;
-- Owners made that way before this column: their name is still their email's local part.
UPDATE users SET name_chosen = false WHERE name = split_part(email, '@', 1);
