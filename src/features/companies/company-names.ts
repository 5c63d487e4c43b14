/** Names of the companies a picker has shown in this tab (for a chip or the box's text). */
export const companyNames = new Map<number, string>();

/** The name of a company the picker has shown in this tab. */
export const pickedCompanyName = (id: number | null | undefined) => (id ? companyNames.get(id) : undefined);
