// Domain events through the outbox: publish in the writing transaction, subscribers called after commit, at least
// once, in order per aggregate (domain-events.ts).
export {
  createDomainEvents,
  type DomainEvent,
  type DomainEvents,
  type DomainEventsDeps,
  type EventData,
  type EventHandler,
  type PublishScope,
  type SubscriberScope,
} from './domain-events.js';
export type { EventCounts, EventTally } from './event-tally.js';
