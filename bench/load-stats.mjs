// What one load run records: per step, an HDR histogram of its times (hdr-histogram-js, as
// autocannon keeps them; microseconds, 3 significant digits, so a percentile is within 0.1 %),
// its errors with a few examples, and the business refusals (sold out, order limit) apart from
// the errors; and the shoppers' own findings: cart updates the cart did not show, orders seen.
import { createRequire } from "node:module";
import { join } from "node:path";
import { root } from "./processes.mjs";

const require = createRequire(join(root, "apps/storefront/package.json"));
const hdr = require("hdr-histogram-js");

const EXAMPLES = 5;

function newHistogram() {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 10 * 60 * 1e6,
    numberOfSignificantValueDigits: 3,
  });
}

export class RunStats {
  constructor(steps) {
    this.steps = new Map(
      steps.map((step) => [step, { histogram: newHistogram(), errors: 0, refusals: 0 }]),
    );
    this.errorExamples = [];
    this.recorded = new WeakSet();
    this.refusals = new Map();
    this.lostUpdates = 0;
    this.lostUpdateExamples = [];
    this.journeys = { started: 0, completed: 0, refused: 0, failed: 0 };
    /** Order numbers the shoppers saw on their confirmation pages. */
    this.ordersSeen = [];
    this.cacheAnswers = { HIT: 0, MISS: 0, other: 0 };
    this.requests = 0;
  }

  /** Runs one step and records its time, as ok or as an error (which it throws on). */
  async time(step, work) {
    const entry = this.steps.get(step);
    const started = performance.now();
    try {
      const result = await work();
      entry.histogram.recordValue(Math.max(1, Math.round((performance.now() - started) * 1000)));
      return result;
    } catch (error) {
      this.fail(step, error);
      throw error;
    }
  }

  /**
   * An error at `step`; `page content` for what a page lacked or said (a missing form, an error
   * message) after its request had been timed.
   */
  fail(step, error) {
    if (!this.steps.has(step))
      this.steps.set(step, { histogram: newHistogram(), errors: 0, refusals: 0 });
    this.steps.get(step).errors += 1;
    this.recorded.add(error);
    if (this.errorExamples.length < EXAMPLES) this.errorExamples.push(`${step}: ${error.message}`);
  }

  wasRecorded(error) {
    return this.recorded.has(error);
  }

  /** A business refusal at `step` (`kind`: 'sold out on the product page', …): not an error. */
  refuse(step, kind) {
    this.steps.get(step).refusals += 1;
    this.refusals.set(kind, (this.refusals.get(kind) ?? 0) + 1);
  }

  lostUpdate(detail) {
    this.lostUpdates += 1;
    if (this.lostUpdateExamples.length < EXAMPLES) this.lostUpdateExamples.push(detail);
  }

  get errors() {
    let total = 0;
    for (const entry of this.steps.values()) total += entry.errors;
    return total;
  }

  get refusalCount() {
    let total = 0;
    for (const count of this.refusals.values()) total += count;
    return total;
  }

  /** Per step: how many, errors, refusals, and p50/p95/p99/max in milliseconds. */
  summary() {
    return [...this.steps].map(([step, { histogram, errors, refusals }]) => ({
      step,
      count: histogram.totalCount,
      errors,
      refusals,
      p50: histogram.getValueAtPercentile(50) / 1000,
      p95: histogram.getValueAtPercentile(95) / 1000,
      p99: histogram.getValueAtPercentile(99) / 1000,
      max: histogram.maxValue / 1000,
    }));
  }
}
