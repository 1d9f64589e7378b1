import { roleCovers, type StaffRole } from '@rendezvous/contract';
import { AppError } from '../../errors.js';

const forbidden = (message: string) => new AppError(403, 'forbidden', message);

interface Actor {
  id: number;
  role: StaffRole;
}

/**
 * What one staff member may do to an account: only to a role their own covers, and never give a
 * role that holds a right they lack (issue 15: nobody grants more than they have). Own role and
 * own account's access stay out of their hands; an admin elsewhere changes them.
 */
export function requireMayChange(
  actor: Actor,
  target: { id: number; role: StaffRole },
  change: { role?: StaffRole; access?: true } = {},
): void {
  if (!roleCovers(actor.role, target.role)) throw forbidden('This account holds rights your role does not.');
  if (change.role !== undefined && !roleCovers(actor.role, change.role)) {
    throw forbidden('You cannot give a role with rights your own role does not have.');
  }
  if (target.id !== actor.id) return;
  if (change.role !== undefined && change.role !== target.role) throw forbidden('You cannot change your own role.');
  if (change.access) throw forbidden('Another admin has to do this to your own account.');
}

export function requireMayCreate(actor: Actor, role: StaffRole): void {
  if (!roleCovers(actor.role, role)) throw forbidden('You cannot give a role with rights your own role does not have.');
}

export const lastAdmin = () =>
  new AppError(409, 'last_admin', 'This is the last active admin; make another admin first.');
