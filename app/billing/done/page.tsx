export const metadata = { title: "Thank you" };

export default function CheckoutDonePage() {
  return (
    <>
      <h1>Thank you!</h1>
      <p>Your plan is being activated; it takes effect as soon as the payment is confirmed. Your API keys keep working.</p>
      <p><a href="/docs">Back to the API reference</a></p>
    </>
  );
}
