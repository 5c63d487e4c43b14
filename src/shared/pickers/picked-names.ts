/**
 * The names the pickers have shown in this tab, by id: a filter chip or a picker's box shows the
 * name of what was picked without asking the server again. Kept apart from the pickers, so a
 * screen reads a name without loading a picker.
 */
export const companyNames = new Map<number, string>();
export const staffNames = new Map<number, string>();

/** The name of a company a picker has shown in this tab. */
export const pickedCompanyName = (id: number | null | undefined) => (id ? companyNames.get(id) : undefined);

/** The name of a staff user a picker has shown in this tab. */
export const pickedStaffName = (id: number | null | undefined) => (id ? staffNames.get(id) : undefined);
