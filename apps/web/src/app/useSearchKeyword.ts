import { useEffect, useState } from 'react';

/**
 * The keyword a search box asks for: it follows the trimmed typed text once typing pauses (300 ms), so each
 * keystroke is not a request.
 */
export function useSearchKeyword(): { setTyped: (text: string) => void; keyword: string } {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(t);
  }, [typed]);
  return { setTyped, keyword };
}
