-- The position index holds each member's age and score beside their place (decision 90, btree_gist
-- from 0003): a nearest-first browse page walks and boxes only the members within its age and score
-- bounds, without reading the rows of the others.
DROP INDEX "users_position_idx";--> statement-breakpoint
CREATE INDEX "users_position_idx" ON "users" USING gist (point("longitude", "latitude"),"age","score");
