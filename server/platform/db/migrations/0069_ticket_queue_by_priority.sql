-- One queue's tickets by priority (the queue view most desks work from): the walk of a search for
-- one queue sorted by priority reads that queue's tickets in priority order from this index, not
-- the priority index of every queue with the others thrown away (docs/adr/0247).
CREATE INDEX tickets_queue_severity_idx ON tickets (queue, severity_rank(severity), id);
