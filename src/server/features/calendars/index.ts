// The calendars feature's public face (ADR 048): the listing and grower feeds, imported feeds and
// the job that reads them.
export { type CalendarConfig, loadCalendarConfig } from '../../config-calendars.ts';
export { calendarsRoutes } from './calendars.routes.ts';
export { CalendarsService } from './calendars.service.ts';
export { closeFeedPool } from './feed-pool.ts';
export { readDueImports } from './imports.job.ts';
