-- One delivery per endpoint and message: a fan-out retried after a crash inserts nothing twice. A replay is
-- a new delivery of the same message (same webhook-id), so replays are left out of the constraint.
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_message_key" ON "webhook_deliveries" ("endpoint_id", "message_id") WHERE "replay_of_id" IS NULL;
-- The delivery worker claims due deliveries.
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
