import XMarkIcon from "@heroicons/react/20/solid/XMarkIcon";

/** The × of a link or button that clears or closes something, named by `label` for screen readers. */
export function CloseMark({ label, iconClassName }: { label: string; iconClassName: string }) {
  return (
    <>
      <XMarkIcon className={iconClassName} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </>
  );
}
