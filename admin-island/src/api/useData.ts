// The data layer the screens use, given by the admin app (a fake in component tests).
import { createContext, useContext } from "react";
import type { DataLayer } from "./data-layer.ts";

export const DataContext = createContext<DataLayer | null>(null);

export function useData(): DataLayer {
  const data = useContext(DataContext);
  if (!data) throw new Error("useData needs a <DataContext.Provider> above it");
  return data;
}
