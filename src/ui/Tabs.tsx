// A row of tabs that picks one value (the side list, the driver): the owner keeps the value.
export interface TabsProps<T extends string> {
  label: string;
  className: string;
  value: NoInfer<T>;
  tabs: readonly { value: NoInfer<T>; name: string; disabled?: boolean }[];
  onPick(value: T): void;
}

export function Tabs<T extends string>({ label, className, value, tabs, onPick }: TabsProps<T>) {
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          aria-selected={value === t.value}
          onClick={() => onPick(t.value)}
          disabled={t.disabled}
        >
          {t.name}
        </button>
      ))}
    </div>
  );
}
