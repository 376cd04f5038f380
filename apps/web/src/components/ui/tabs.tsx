import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentPropsWithRef } from 'react';

/** WAI-ARIA tabs: arrow keys (wrapping), Home and End move and select; Tab moves into the panel. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className = '', ...props }: ComponentPropsWithRef<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={`flex gap-1 overflow-x-auto border-b border-slate-200 ${className}`}
      {...props}
    />
  );
}

const triggerClassName =
  '-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors motion-reduce:transition-none data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-800 data-[state=inactive]:border-transparent data-[state=inactive]:text-slate-600 data-[state=inactive]:hover:border-slate-300 data-[state=inactive]:hover:text-slate-900';

export function TabsTrigger({
  className = '',
  ...props
}: ComponentPropsWithRef<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={`${triggerClassName} ${className}`} {...props} />;
}

export function TabsContent({
  className = '',
  ...props
}: ComponentPropsWithRef<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={`pt-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ${className}`}
      {...props}
    />
  );
}
