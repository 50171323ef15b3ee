/**
 * The sub-role picker of /Staff: every sub-role in words with its code, e.g. 'Security desk
 * (button-one)', and under it the screens the chosen one opens ('Opens Security, Not at home,
 * Complaints, Reports').
 */
import { Select } from '@mantine/core';
import { subRoleLabel } from '../../../../shared/labels';
import { menuFor, SUB_ROLES, type SubRole } from '../../../../shared/subroles';
import { REQUIRED_CHOICE } from '../../../lib/use-form-errors';

/** The first screen of each work area a sub-role opens. */
function screensOf(subRole: SubRole): string {
  const areas = new Map<string, string>();
  for (const route of menuFor(subRole)) if (!areas.has(route.module)) areas.set(route.module, route.label);
  return `Opens ${[...areas.values()].join(', ')}`;
}
const OPTIONS = SUB_ROLES.map((value) => ({ value, label: subRoleLabel(value) }));

export function SubRoleSelect({ value, onChange, error }: { value: SubRole | null; onChange: (subRole: SubRole) => void; error?: string | boolean }) {
  return (
    <Select
      label="Sub-role"
      description={value ? screensOf(value) : undefined}
      data={OPTIONS}
      value={value}
      onChange={(v) => v && onChange(v as SubRole)}
      searchable
      error={error}
      {...REQUIRED_CHOICE}
    />
  );
}
