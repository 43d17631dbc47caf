// Bookings' data face: the queries of its tables other modules use (ADR 053).



