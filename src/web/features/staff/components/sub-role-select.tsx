/** The sub-role picker of /Staff: every sub-role with the screens it opens, e.g. 'button-one (Security, Not at home, Complaints)'. */
import { Select } from '@mantine/core';
import { menuFor, SUB_ROLES, type SubRole } from '../../../../shared/subroles';
import { REQUIRED_CHOICE } from '../../../lib/use-form-errors';

/** The sub-role and the first screen of each work area it opens. */
function subRoleLabel(subRole: SubRole): string {
  const areas = new Map<string, string>();
  for (const route of menuFor(subRole)) if (!areas.has(route.module)) areas.set(route.module, route.label);
  return `${subRole} (${[...areas.values()].join(', ')})`;
}
const OPTIONS = SUB_ROLES.map((value) => ({ value, label: subRoleLabel(value) }));

export function SubRoleSelect({ value, onChange, error }: { value: SubRole | null; onChange: (subRole: SubRole) => void; error?: string | boolean }) {
  return <Select label="Sub-role" data={OPTIONS} value={value} onChange={(v) => v && onChange(v as SubRole)} searchable error={error} {...REQUIRED_CHOICE} />;
}
