/** The lesson store of the page, provided once by the shell; hooks are one-line selectors over it. */
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useStore } from 'zustand';
import { createLessonStore, type LessonActions, type LessonState, type LessonStore } from './lessonStore';

const Context = createContext<LessonStore | null>(null);

export function ClassroomProvider({ children, store }: { children: ReactNode; store?: LessonStore }) {
  const [made] = useState(() => store ?? createLessonStore());
  return <Context.Provider value={made}>{children}</Context.Provider>;
}

export function useLessonStoreApi(): LessonStore {
  const s = useContext(Context);
  if (!s) throw new Error('useLessonStoreApi outside a ClassroomProvider');
  return s;
}

export const useLessons = <T,>(select: (s: LessonState & LessonActions) => T): T =>
  useStore(useLessonStoreApi(), select);
