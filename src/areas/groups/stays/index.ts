// A group's hotels, transport, rooms and room assignments: the services behind their operations (groups.operations.ts).
// Leans only on ../groups/.
export * as stays from './group-stays.service.js';
export * as rooms from './rooms.service.js';
