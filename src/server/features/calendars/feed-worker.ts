import { FeedError } from './fetch-feed.ts';
import { type DayRange, FEED_BUDGET, parseFeed } from './parse-feed.ts';

// The feed pool's task (ADR 055): one feed's text read into blocked day ranges on a worker thread.
// A refusal travels back as its code (an error's class does not cross threads); anything else is
// thrown, and the pool reports it.

export type FeedTask = { body: string; now: number; timeMs: number };
export type FeedResult = { ranges: DayRange[] } | { code: FeedError['code']; message: string };

export default function readFeed(task: FeedTask): FeedResult {
  try {
    return { ranges: parseFeed(task.body, new Date(task.now), { ...FEED_BUDGET, timeMs: task.timeMs }) };
  } catch (err) {
    if (err instanceof FeedError) return { code: err.code, message: err.message };
    throw err;
  }
}
