import { describe, expect, it } from 'vitest';
import { type StepLog, steps } from './steps.js';

interface Entry {
  level: 'warn' | 'error';
  details: object;
  message: string;
}

// Collects what the runner logs, so a test can read it like an operator reading the log.
function recordingLog(): StepLog & { entries: Entry[] } {
  const entries: Entry[] = [];
  return {
    entries,
    warn: (details, message) => entries.push({ level: 'warn', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
}

// A step that notes its run and undo in `trace` and fails its run when asked to.
function traced(trace: string[], name: string, failure?: Error) {
  return {
    run: async () => {
      trace.push(`run ${name}`);
      if (failure) throw failure;
    },
    undo: async () => {
      trace.push(`undo ${name}`);
    },
  };
}

describe('steps', () => {
  it('runs every step in order and undoes none when all succeed', async () => {
    const trace: string[] = [];
    const log = recordingLog();
    await steps('test')
      .step('one', traced(trace, 'one'))
      .step('two', traced(trace, 'two'))
      .step('three', traced(trace, 'three'))
      .run({ log });
    expect(trace).toEqual(['run one', 'run two', 'run three']);
    expect(log.entries).toEqual([]);
  });

  it('undoes the steps done in reverse order when a step fails, and rethrows its error', async () => {
    const trace: string[] = [];
    const log = recordingLog();
    const failure = new Error('three broke');
    const plan = steps('test')
      .step('one', traced(trace, 'one'))
      .step('two', traced(trace, 'two'))
      .step('three', traced(trace, 'three', failure))
      .step('four', traced(trace, 'four'));
    const outcome = await plan.run({ log }).catch((error: unknown) => error);
    expect(outcome).toBe(failure);
    // The failed step did nothing to undo; the step after it never ran.
    expect(trace).toEqual(['run one', 'run two', 'run three', 'undo two', 'undo one']);
    expect(log.entries).toEqual([
      { level: 'warn', details: { err: failure, step: 'three' }, message: 'test step failed; undoing the steps done' },
    ]);
  });

  it('undoes nothing when the first step fails', async () => {
    const trace: string[] = [];
    const failure = new Error('one broke');
    const plan = steps('test')
      .step('one', traced(trace, 'one', failure))
      .step('two', traced(trace, 'two'));
    await expect(plan.run({ log: recordingLog() })).rejects.toBe(failure);
    expect(trace).toEqual(['run one']);
  });

  it('skips steps without an undo', async () => {
    const trace: string[] = [];
    const plan = steps('test')
      .step('one', traced(trace, 'one'))
      .step('two', {
        run: async () => {
          trace.push('run two');
        },
      })
      .step('three', traced(trace, 'three', new Error('three broke')));
    await expect(plan.run({ log: recordingLog() })).rejects.toThrow('three broke');
    expect(trace).toEqual(['run one', 'run two', 'run three', 'undo one']);
  });

  it('logs a failing undo and still runs the other undos, then rethrows the original error', async () => {
    const trace: string[] = [];
    const log = recordingLog();
    const failure = new Error('three broke');
    const undoFailure = new Error('two could not be undone');
    const plan = steps('test')
      .step('one', traced(trace, 'one'))
      .step('two', {
        run: async () => {
          trace.push('run two');
        },
        undo: async () => {
          trace.push('undo two');
          throw undoFailure;
        },
      })
      .step('three', traced(trace, 'three', failure));
    await expect(plan.run({ log })).rejects.toBe(failure);
    expect(trace).toEqual(['run one', 'run two', 'run three', 'undo two', 'undo one']);
    expect(log.entries).toEqual([
      { level: 'warn', details: { err: failure, step: 'three' }, message: 'test step failed; undoing the steps done' },
      { level: 'error', details: { err: undoFailure, step: 'two' }, message: 'undoing a test step failed' },
    ]);
  });

  it('passes results forward to later steps, to undos and to the caller', async () => {
    const seen: string[] = [];
    const plan = steps('test')
      .stepWithResults('create', {
        run: async () => ({ id: 42 }),
        undo: async ({ id }) => {
          seen.push(`undo create ${id}`);
        },
      })
      .stepWithResults('name', {
        run: async ({ id }) => ({ label: `item ${id}` }),
        undo: async ({ id, label }) => {
          seen.push(`undo name ${id} ${label}`);
        },
      })
      .step('check', {
        run: async ({ id, label }) => {
          seen.push(`check ${id} ${label}`);
        },
      });
    const results = await plan.run({ log: recordingLog() });
    expect(results).toEqual({ id: 42, label: 'item 42' });
    expect(seen).toEqual(['check 42 item 42']);

    const failing = plan.step('fail', {
      run: async () => {
        throw new Error('late failure');
      },
    });
    seen.length = 0;
    await expect(failing.run({ log: recordingLog() })).rejects.toThrow('late failure');
    expect(seen).toEqual(['check 42 item 42', 'undo name 42 item 42', 'undo create 42']);
  });

  it('rethrows what rethrowAs makes of the failure, after the undos, naming the failed step', async () => {
    const trace: string[] = [];
    const failure = new Error('two broke');
    const plan = steps('test')
      .step('one', traced(trace, 'one'))
      .step('two', traced(trace, 'two', failure));
    const outcome = await plan
      .run({
        log: recordingLog(),
        rethrowAs: (step, error) => {
          trace.push(`rethrow ${step}`);
          return new Error(`failed at ${step}`, { cause: error });
        },
      })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect(outcome).toMatchObject({ message: 'failed at two', cause: failure });
    expect(trace).toEqual(['run one', 'run two', 'undo one', 'rethrow two']);
  });

  it('can run the same list again: each run starts with nothing done', async () => {
    const trace: string[] = [];
    let attempt = 0;
    const plan = steps('test')
      .step('one', traced(trace, 'one'))
      .step('flaky', {
        run: async () => {
          attempt += 1;
          if (attempt === 1) throw new Error('first attempt fails');
        },
        undo: async () => {
          trace.push('undo flaky');
        },
      })
      .step('two', traced(trace, 'two', new Error('two broke')));
    await expect(plan.run({ log: recordingLog() })).rejects.toThrow('first attempt fails');
    await expect(plan.run({ log: recordingLog() })).rejects.toThrow('two broke');
    expect(trace).toEqual(['run one', 'undo one', 'run one', 'run two', 'undo flaky', 'undo one']);
  });
});
