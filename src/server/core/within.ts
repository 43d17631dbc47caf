// p's outcome, or a rejection after ms. The timer is cleared as soon as p settles: a timer left
// running would keep p's answer (and whatever waited on it) alive for the whole of ms, past young
// collections into the old generation (ADR 047).
export function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
