import { Icon } from "./icon";

/** The × of a link or button that clears or closes something, named by `label` for screen readers. */
export function CloseMark({ label, iconClassName }: { label: string; iconClassName: string }) {
  return (
    <>
      <Icon name="close-small" className={iconClassName} />
      <span className="sr-only">{label}</span>
    </>
  );
}
