// Who may call the hotel area's staff operations, declared once for every part of the area (inventory, calendar,
// static data, online, payments). The specification's hotel section says "Employees-only operations need session R",
// so a call without any session answers MISSING_PARAMETER (contract §3), as cart, flights and bookings do. Each part
// once declared a policy of its own and only listMealPlans named the session R: the others answered NOT_LOGGED_IN.
import { Allow } from '../../platform/auth/roles.js';

export const hotelStaff = { allow: Allow.employees, sessionParameter: 'required' } as const;
