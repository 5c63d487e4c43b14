import { createContext, useContext } from 'react';
import { MANAGER_ROLES, type Role } from '@contracts/common/constants';

/** The signed-in staff user's role, for screens that offer manager actions (the server checks again). */
export const StaffRoleContext = createContext<Role | undefined>(undefined);

/** Whether the signed-in staff user may use manager actions; false outside a staff session. */
export function useIsManager(): boolean {
  const role = useContext(StaffRoleContext);
  return role !== undefined && MANAGER_ROLES.includes(role);
}
