import { useState } from "react";

/** The brand's logo, or its first letter when there is none or the image fails to load. */
export function BrandLogo({ brand, logo, size = "md" }: { brand: string; logo?: string; size?: "md" | "lg" }) {
  const [failed, setFailed] = useState(false);
  const box = size === "lg" ? "h-16 w-16 text-2xl" : "h-12 w-12 text-xl";
  if (!logo || failed) {
    return (
      <span
        className={`${box} flex shrink-0 items-center justify-center rounded-xl bg-indigo-100 font-bold text-indigo-800`}
        aria-hidden="true"
      >
        {brand.trim().charAt(0).toUpperCase()}
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
      decoding="async"
      className={`${box} shrink-0 rounded-xl object-contain`}
      onError={() => setFailed(true)}
    />
  );
}
