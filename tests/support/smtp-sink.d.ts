export type ReceivedMail = {
    from: string;
    to: string[];
    replyTo: string;
    subject: string;
    text: string;
    receivedAt: number;
};
/**
 * A real SMTP server on a free loopback port that keeps what it receives. With `dir`, every
 * message is also written there as JSON (for test processes other than the one that started it).
 */
export declare function startSmtpSink(options?: {
    dir?: string;
}): Promise<{
    url: string;
    messages: ReceivedMail[];
    waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
    close: () => Promise<void>;
}>;
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
/** The first link in a mail's text. */
export declare function linkIn(mail: ReceivedMail): string;
