// The users feature's public face (ADR 035): public profiles (ADR 023).
export { usersRoutes } from './users.routes.ts';
export { UsersService } from './users.service.ts';
