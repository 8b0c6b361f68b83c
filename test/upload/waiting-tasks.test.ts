import { WaitingTasks } from '../../src/upload/waiting-tasks.js';
import { oldGenerationGrowth } from '../helpers/old-generation-growth.js';

describe('WaitingTasks', () => {
  test('a task removed before it starts is not rejected; the rest are, in the order they were added', () => {
    const tasks = new WaitingTasks();
    const rejected: string[] = [];
    const entries = ['a', 'b', 'c', 'd'].map((name) => tasks.add((reason) => rejected.push(`${name}: ${String(reason)}`)));
    expect([tasks.remove(entries[1]!), tasks.remove(entries[1]!), tasks.remove(entries[3]!)]).toEqual([true, false, true]);
    expect(tasks.rejectAll('stopped')).toBe(2);
    expect(rejected).toEqual(['a: stopped', 'c: stopped']);
    // Rejected tasks are no longer listed: the queue then knows them as canceled when it reaches them.
    expect([tasks.remove(entries[0]!), tasks.remove(entries[2]!), tasks.rejectAll('again')]).toEqual([false, false, 0]);
  });

  test('the list is whole after removals at its head, middle and tail, and after an abort', () => {
    const tasks = new WaitingTasks();
    const rejected: number[] = [];
    const entries = Array.from({ length: 6 }, (_, i) => tasks.add(() => rejected.push(i)));
    for (const i of [0, 5, 2]) expect(tasks.remove(entries[i]!)).toBe(true);
    const late = tasks.add(() => rejected.push(6));
    expect(tasks.rejectAll(undefined)).toBe(4);
    expect(rejected).toEqual([1, 3, 4, 6]);
    expect(tasks.remove(late)).toBe(false);
    tasks.add(() => rejected.push(7));
    expect(tasks.rejectAll(undefined)).toBe(1);
    expect(rejected).toEqual([1, 3, 4, 6, 7]);
  });

  test('a long run of tasks entering and leaving one list makes no old-generation garbage; a Set did', () => {
    // One task at a time, as on a run that never waits for its slot; the list has lived through young
    // collections, as the list of a long run's signal has.
    const churn = (make: string, enter: string, leave: string): number =>
      oldGenerationGrowth(`
        ${make}
        promote();
        mark();
        for (let i = 0; i < 300000; i++) { const entry = ${enter}; ${leave}; }`);
    const list = churn(
      `const { WaitingTasks } = await load('upload/waiting-tasks.js'); const tasks = new WaitingTasks(); const reject = () => {};`,
      'tasks.add(reject)',
      'tasks.remove(entry)',
    );
    const set = churn('const tasks = new Set();', '{ reject() {} }', 'tasks.add(entry); tasks.delete(entry)');
    // Measured: ~2 KB for the list; 36 MB for the Set, whose emptied table V8 reallocates in the
    // generation the old one is in.
    expect(set).toBeGreaterThan(8 * 1024 * 1024);
    expect(list).toBeGreaterThanOrEqual(0);
    expect(list).toBeLessThan(256 * 1024);
  }, 60_000);
});
