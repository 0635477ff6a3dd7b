// The open section of a menu screen, kept in the URL's hash so a reload or the
// browser's back button keeps the place.
import { useEffect, useState } from "react";

function currentSection(): string {
  if (typeof window === "undefined") return "";
  const raw = window.location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The section named in the hash ('' for the menu), and a way back to the menu. */
export function useHashSection() {
  const [section, setSection] = useState(currentSection);
  useEffect(() => {
    const onHash = () => setSection(currentSection());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const backToMenu = () => {
    window.history.pushState(null, "", window.location.pathname);
    setSection("");
  };
  return { section, backToMenu };
}
