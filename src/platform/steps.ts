// Work that spans systems without a shared transaction (databases, roles, identity realms, supplier
// bookings) runs as named steps, each with an undo: when a step fails, the steps already done are undone
// in reverse order, so a failure leaves nothing half made. A step's own undo runs only once its run succeeded:
// a run that makes several things is one statement or one transaction, or undoes its own partial work itself.
//
//   const plan = steps('provisioning')
//     .step('database', { run: () => createDatabase(name), undo: () => dropDatabase(name) })
//     .stepWithResults('realm', { run: async () => ({ secret: await createRealm() }), undo: deleteRealm })
//     .step('registry row', { run: ({ secret }) => insertTenant(secret) });
//   const { secret } = await plan.run({ log });

/** The part of a pino / Fastify logger the runner needs; a child logger adds the caller's context. */
export interface StepLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RunOptions {
  log: StepLog;
  /**
   * Turns the failure into the error the caller answers with, once every undo has run. Without it the
   * original error is rethrown; with it the caller still gets the step's name, which the error alone lacks.
   */
  rethrowAs?: (step: string, error: unknown) => Error;
}

/** A step that passes nothing forward: it sees the results of the steps before it. */
export interface PlainStep<Results> {
  run(results: Results): Promise<void>;
  undo?(results: Results): Promise<void>;
}

/** A step whose object of results is merged into what later steps, undos and the caller receive. */
export interface ResultStep<Results, Added> {
  run(results: Results): Promise<Added>;
  undo?(results: Results & Added): Promise<void>;
}

/** An ordered list of steps; each call returns a new list, so a list can be extended or run again. */
export interface Steps<Results extends object> {
  step(name: string, step: PlainStep<Results>): Steps<Results>;
  stepWithResults<Added extends object>(name: string, step: ResultStep<Results, Added>): Steps<Results & Added>;
  /** Runs the steps in order and returns the results of all of them. */
  run(options: RunOptions): Promise<Results>;
}

/** Starts an empty list; `work` names it in the log ("provisioning step failed"). */
export function steps(work: string): Steps<Record<never, never>> {
  return stepsFrom(work, async () => ({}));
}

interface Done {
  name: string;
  undo: () => Promise<void>;
}

/** What one run has reached: the step under way and the undos of the steps finished. */
interface Progress {
  current: string;
  done: Done[];
}

type Execute<Results> = (progress: Progress) => Promise<Results>;

// Each step wraps the list before it in a closure rather than joining an array: an array would hold steps
// of different result types, and reading them back would take casts.
function stepsFrom<Results extends object>(work: string, execute: Execute<Results>): Steps<Results> {
  const add = <Next extends object>(
    name: string,
    run: (results: Results) => Promise<Next>,
    step: { undo?(results: Next): Promise<void> },
  ): Steps<Next> =>
    stepsFrom(work, async (progress) => {
      const results = await execute(progress);
      progress.current = name;
      const next = await run(results);
      if (step.undo) progress.done.push({ name, undo: async () => step.undo?.(next) });
      return next;
    });

  return {
    step: (name, step) =>
      add(
        name,
        async (results) => {
          await step.run(results);
          return results;
        },
        step,
      ),
    stepWithResults: (name, step) => add(name, async (results) => ({ ...results, ...(await step.run(results)) }), step),
    run: (options) => runSteps(work, execute, options),
  };
}

async function runSteps<Results>(work: string, execute: Execute<Results>, options: RunOptions): Promise<Results> {
  const progress: Progress = { current: '', done: [] };
  try {
    return await execute(progress);
  } catch (error) {
    options.log.warn({ err: error, step: progress.current }, `${work} step failed; undoing the steps done`);
    await undoInReverse(work, progress.done, options.log);
    throw options.rethrowAs ? options.rethrowAs(progress.current, error) : error;
  }
}

// One undo failing must not strand what the others would clean up; its error is logged for a person to
// finish by hand, and the caller hears of the failure that started it all.
async function undoInReverse(work: string, done: Done[], log: StepLog): Promise<void> {
  for (const step of [...done].reverse()) {
    try {
      await step.undo();
    } catch (error) {
      log.error({ err: error, step: step.name }, `undoing a ${work} step failed`);
    }
  }
}
