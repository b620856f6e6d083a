import { CommandFailedEvent, CommandStartedEvent, CommandSucceededEvent, type Document } from 'mongodb';
import type { CommandEvent, EntityMap } from './entities';
import { matchRoot, type Difference } from './match';
import { RunnerError } from './runner-errors';
import type { ExpectedEventsForClient } from './test-format';

/** Checks `expectEvents`: per client, the observed command events in order, with nothing extra unless allowed. */
export function checkExpectedEvents(expectations: ExpectedEventsForClient[], entities: EntityMap): Difference | null {
  for (const expectation of expectations) {
    if ((expectation.eventType ?? 'command') !== 'command') {
      throw new RunnerError(`${expectation.eventType} events are not observed by this runner`);
    }
    const actual = entities.clientEvents(expectation.client).events;
    const expected = expectation.events;
    const countMatches = expectation.ignoreExtraEvents ? actual.length >= expected.length : actual.length === expected.length;
    if (!countMatches) {
      return `${expectation.client}: expected ${expected.length} events [${expected.map(eventSummaryOfExpected).join(', ')}], got ${actual.length} [${actual.map(eventSummary).join(', ')}]`;
    }
    for (let index = 0; index < expected.length; index++) {
      const difference = matchEvent(expected[index], actual[index], entities);
      if (difference) return `${expectation.client} event ${index} (${eventSummary(actual[index])}): ${difference}`;
    }
  }
  return null;
}

function matchEvent(expected: Document, actual: CommandEvent, entities: EntityMap): Difference | null {
  const [eventType] = Object.keys(expected);
  const assertions = expected[eventType] as Document;
  const expectedClass = { commandStartedEvent: CommandStartedEvent, commandSucceededEvent: CommandSucceededEvent, commandFailedEvent: CommandFailedEvent }[eventType];
  if (!expectedClass) throw new RunnerError(`unsupported expected event ${eventType}`);
  if (!(actual instanceof expectedClass)) return `expected a ${eventType}`;

  if (assertions.commandName !== undefined && assertions.commandName !== actual.commandName) {
    return `expected command ${assertions.commandName}`;
  }
  if (assertions.databaseName !== undefined && assertions.databaseName !== actual.databaseName) {
    return `expected database ${assertions.databaseName}, got ${actual.databaseName}`;
  }
  if (assertions.command !== undefined) {
    const difference = actual instanceof CommandStartedEvent ? matchRoot(assertions.command, actual.command, entities) : 'only a started event has a command';
    if (difference) return `command: ${difference}`;
  }
  if (assertions.reply !== undefined) {
    const difference = actual instanceof CommandSucceededEvent ? matchRoot(assertions.reply, actual.reply, entities) : 'only a succeeded event has a reply';
    if (difference) return `reply: ${difference}`;
  }
  if (assertions.hasServerConnectionId !== undefined) {
    const has = actual.serverConnectionId !== null && actual.serverConnectionId !== undefined;
    if (has !== assertions.hasServerConnectionId) return `expected hasServerConnectionId ${assertions.hasServerConnectionId}`;
  }
  if (assertions.hasServiceId !== undefined) {
    const has = actual.serviceId !== undefined;
    if (has !== assertions.hasServiceId) return `expected hasServiceId ${assertions.hasServiceId}`;
  }
  return null;
}

function eventSummary(event: CommandEvent): string {
  const kind = event instanceof CommandStartedEvent ? 'started' : event instanceof CommandSucceededEvent ? 'succeeded' : 'failed';
  return `${event.commandName} ${kind}`;
}

function eventSummaryOfExpected(expected: Document): string {
  const [eventType] = Object.keys(expected);
  const commandName = expected[eventType]?.commandName ?? Object.keys(expected[eventType]?.command ?? {})[0] ?? '?';
  return `${commandName} ${eventType.replace(/^command|Event$/g, '').toLowerCase()}`;
}
