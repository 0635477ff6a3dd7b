// 'Remember me' decides where the session lives: localStorage survives the browser
// closing, sessionStorage ends with the tab. supabase-js reads and writes the session
// through this adapter; the choice is made at sign-in and kept with the session.
/** Where the choice is kept: "1" in localStorage, or "0" in sessionStorage. */
export const CHOICE_KEY = "charity-admin-remember";

function stores(): { local: Storage | null; session: Storage | null } {
  if (typeof window === "undefined") return { local: null, session: null };
  return { local: window.localStorage, session: window.sessionStorage };
}

export function setRemember(remember: boolean): void {
  const { local, session } = stores();
  // The choice itself must outlive the tab only when the session does.
  local?.removeItem(CHOICE_KEY);
  session?.removeItem(CHOICE_KEY);
  (remember ? local : session)?.setItem(CHOICE_KEY, remember ? "1" : "0");
}

function remembered(): boolean {
  const { local, session } = stores();
  if (session?.getItem(CHOICE_KEY) === "0") return false;
  return local?.getItem(CHOICE_KEY) === "1";
}

export const rememberStorage = {
  getItem(key: string): string | null {
    const { local, session } = stores();
    return session?.getItem(key) ?? local?.getItem(key) ?? null;
  },
  setItem(key: string, value: string): void {
    const { local, session } = stores();
    const keep = remembered();
    (keep ? local : session)?.setItem(key, value);
    (keep ? session : local)?.removeItem(key);
  },
  removeItem(key: string): void {
    const { local, session } = stores();
    local?.removeItem(key);
    session?.removeItem(key);
  },
};
