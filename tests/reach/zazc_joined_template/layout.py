"""The layout a generated cover letter follows, shared by the letter texts."""

LETTER_LAYOUT = """
Follow this layout exactly:
<section class="letter">
  <p>[Candidate name]</p><p>[Company name]</p>
  <p>Dear [Hiring team],</p>
  <p>[One paragraph: who the candidate is and which position they apply for.]</p>
  <p>[One paragraph: two achievements that match the job's main requirements.]</p>
  <p>[One paragraph: why this company, and thanks for the reader's time.]</p>
  <p>Kind regards,</p><p>[Candidate name]</p>
</section>
"""
