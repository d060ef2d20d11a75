import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type Tone = 'done' | 'refused';
interface Notice {
  id: number;
  tone: Tone;
  text: string;
}

const NoticeContext = createContext<(text: string, tone?: Tone) => void>(() => undefined);

/** What an action did, said once in a live region every page shares (screen readers hear it, as do eyes). */
export function NoticeProvider({ children }: { children: ReactNode }): ReactNode {
  const [notices, setNotices] = useState<Notice[]>([]);
  const notify = useCallback((text: string, tone: Tone = 'done') => {
    const id = Date.now() + Math.random();
    setNotices((shown) => [...shown.slice(-2), { id, tone, text }]);
    setTimeout(() => setNotices((shown) => shown.filter((notice) => notice.id !== id)), 8_000);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NoticeContext.Provider value={value}>
      {children}
      <div className="notices" role="status" aria-live="polite">
        {notices.map((notice) => (
          <p key={notice.id} className={`notice notice-${notice.tone}`}>
            {notice.text}
          </p>
        ))}
      </div>
    </NoticeContext.Provider>
  );
}

export const useNotify = (): ((text: string, tone?: Tone) => void) => useContext(NoticeContext);
