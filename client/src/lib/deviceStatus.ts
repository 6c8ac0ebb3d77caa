/** The spec's status names for the legacy `is_trial` number: 0 Inactive, 1 Trial, any other value Active. */
export function deviceStatusLabel(isTrial: number): 'Inactive' | 'Trial' | 'Active' {
  if (isTrial === 0) return 'Inactive';
  if (isTrial === 1) return 'Trial';
  return 'Active';
}
