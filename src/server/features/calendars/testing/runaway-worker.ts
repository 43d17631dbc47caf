// A feed pool task that never ends, one that fills its heap, and one that answers: what the pool's
// limits must stop without stopping the pool (ADR 055).

export type RunawayTask = { kind: 'spin' } | { kind: 'grow' } | { kind: 'echo'; value: string };

export default function runaway(task: RunawayTask): string {
  if (task.kind === 'spin') {
    let n = 0;
    while (n >= 0) n = (n + 1) % 1_000_000;
  }
  if (task.kind === 'grow') {
    const held: number[][] = [];
    while (held.length >= 0) held.push(Array.from({ length: 10_000 }, (_, i) => i * held.length));
  }
  return task.kind === 'echo' ? task.value : 'never';
}
