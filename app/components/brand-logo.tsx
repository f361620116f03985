import { useState } from "react";

/**
 * The brand's logo, or its `initial` (catalogue/names.ts `initialOf`, given by the server) when there is none or the
 * image fails to load.
 */
export function BrandLogo({
  brand,
  initial,
  logo,
  size = "md",
}: {
  brand: string;
  initial: string;
  logo?: string;
  size?: "md" | "lg";
}) {
  const [failed, setFailed] = useState(false);
  const box = size === "lg" ? "logo logo-lg" : "logo";
  if (!logo || failed) {
    return (
      <span className={`${box} initial`} aria-hidden="true">
        {initial}
      </span>
    );
  }
  return (
    <img
      src={logo}
      alt={`Logo ${brand}`}
      width={size === "lg" ? 64 : 48}
      height={size === "lg" ? 64 : 48}
      loading="lazy"
      className={box}
      onError={() => setFailed(true)}
    />
  );
}
