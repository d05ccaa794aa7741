import { describe, expect, it } from "vitest";
import { ConverterBusy, createConversionQueue } from "./conversion-queue.js";

/** A piece of work that finishes when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, work: () => opened };
}

describe("createConversionQueue", () => {
  it("runs as many at once as allowed, lets a few wait, and refuses the rest", async () => {
    const queue = createConversionQueue({ atOnce: 1, maxWaiting: 2 });
    const gates = [gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((each, index) =>
      queue.run(async () => {
        order.push(index);
        await each.work();
        return index;
      }),
    );
    await Promise.resolve();
    expect([queue.running, queue.waiting]).toEqual([1, 2]);
    await expect(queue.run(async () => "late")).rejects.toBeInstanceOf(ConverterBusy);

    for (const each of gates) each.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(order).toEqual([0, 1, 2]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
    expect(await queue.run(async () => "again")).toBe("again");
  });

  it("frees the place of a conversion that fails", async () => {
    const queue = createConversionQueue({ atOnce: 1, maxWaiting: 0 });
    await expect(
      queue.run(async () => {
        throw new Error("gs failed");
      }),
    ).rejects.toThrow("gs failed");
    expect(queue.running).toBe(0);
    expect(await queue.run(async () => 1)).toBe(1);
  });

  it("hands a freed place to the next in line, not to a newcomer", async () => {
    const queue = createConversionQueue({ atOnce: 1, maxWaiting: 1 });
    const first = gate();
    const running = queue.run(first.work);
    const waiting = queue.run(async () => "waited");
    await Promise.resolve();
    first.open();
    await running;
    // The waiting one holds the place now; the queue is free for exactly one more.
    const newcomer = queue.run(async () => "newcomer");
    await expect(queue.run(async () => "too many")).rejects.toBeInstanceOf(ConverterBusy);
    expect(await waiting).toBe("waited");
    expect(await newcomer).toBe("newcomer");
  });
});
