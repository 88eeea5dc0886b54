/** The choice already made, marked on a button offered again (a step asked again by Change, the language picker). */
export function markChosen(chosen: boolean, label: string): string {
  return chosen ? `✓ ${label}` : label;
}
