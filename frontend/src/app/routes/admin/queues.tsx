import { QueueMonitor } from '../../../features/queues/components/queue-monitor';

export default QueueMonitor;
