import { useEffect, useState } from 'react';
import { TextField } from './form';

/** A table's search box: the search follows the typing after a short pause, not every key. */
export function SearchField({
  label = 'Поиск',
  value,
  onSearch,
  placeholder,
}: {
  label?: string;
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <TextField
      label={label}
      type="search"
      value={text}
      placeholder={placeholder}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
