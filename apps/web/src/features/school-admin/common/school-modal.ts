/** What a school-admin form modal takes: the school, whether it shows, how it closes, what a save hands back. */
export interface SchoolModalProps<Saved extends (...args: never[]) => void> {
  schoolId: number;
  open: boolean;
  onClose: () => void;
  onSaved: Saved;
}
