import { TrashIcon } from '~/components/icons';

/**
 * Removes one row of a conform list: pass `form.remove.getButtonProps(...)`. A submit button, so it works without
 * JavaScript too (the server answers with the row gone).
 */
export function RemoveRowButton({
  control,
  label,
}: {
  control: React.ButtonHTMLAttributes<HTMLButtonElement>;
  label: string;
}) {
  return (
    <button className="icon-button editor-remove" {...control} aria-label={label} title={label}>
      <TrashIcon size={18} />
    </button>
  );
}
