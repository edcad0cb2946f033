import { Quote } from "lucide-react";
import { Stars } from "~/components/site/stars";
import { testimonials } from "~/content/testimonials";
import { HomeSection } from "./section-heading";

export function Testimonials() {
  return (
    <HomeSection
      name="testimonials"
      anchor
      tone="sand"
      heading={{ eyebrow: "Testimonianze", title: "Le storie di chi ha partecipato", lead: "Persone come te che hanno scelto di non affrontare tutto da sole." }}
    >
      <ul className="grid gap-6 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.author}>
            <figure className="grid h-full content-between gap-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200 sm:p-8">
              <div className="grid gap-4">
                <div className="flex items-center justify-between">
                  <Stars />
                  <Quote aria-hidden="true" className="size-8 text-teal-100" />
                </div>
                <blockquote className="text-ink-700">
                  <p>{testimonial.text}</p>
                </blockquote>
              </div>
              <figcaption className="border-t border-sand-200 pt-4">
                <span className="block font-semibold text-ink-900">{testimonial.author}</span>
                <span className="text-sm text-ink-500">{testimonial.highlight}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
