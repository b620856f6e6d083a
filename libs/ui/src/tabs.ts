// A separate entry so that pages without tabs never download Radix Tabs.
export { Tabs, TabsList, TabsTrigger, TabsContent } from './components/tabs';
